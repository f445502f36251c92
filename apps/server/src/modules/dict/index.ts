// What other modules use: options and labels of a code, and the registry of table sources.
export { codeOptions, dictLabeler } from './dict.service.js';
export { registerDictSource, tableDictSource, type DictSourceDef, type DictSourceQuery } from './dict-source.registry.js';
