export { DictSelect, type DictSelectProps } from './DictSelect';
export { DictRadio, type DictRadioProps } from './DictRadio';
export { DictTag } from './DictTag';
export { useDictOptions, invalidateDict, useInvalidateDict, dictQueryKey } from './useDictOptions';
export { duplicateRule, checkRule, useDuplicateRule, useCheckRule, type RemoteRule } from './remote-rules';
