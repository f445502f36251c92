import { App, Upload, type UploadProps } from 'antd';

/**
 * An Upload's `beforeUpload` that checks each picked file with `refuse` (upload-model's rules): a
 * refused file is not listed and its reason shows as a warning; the server checks the bytes again.
 */
export function useRefusingBeforeUpload(refuse: (file: File) => string | null): NonNullable<UploadProps['beforeUpload']> {
  const { message } = App.useApp();
  return (file) => {
    const refusal = refuse(file);
    if (refusal) {
      void message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
}
