/** What an organisation picker (department, user) takes as an antd Form control. */
export interface OrgPickerProps<V extends string | string[]> {
  value?: V | null;
  /** Several at once (the value is an array). */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
}

/** What a picker hands its form: the choice, or when cleared [] (several) or null (one). */
export function pickedValue<V extends string | string[]>(next: string | string[] | null | undefined, multiple: boolean): V {
  return (next ?? (multiple ? [] : null)) as V;
}
