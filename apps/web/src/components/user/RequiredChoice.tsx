import { useCallback, useState } from 'react';
import { Form, Select, Spin } from 'antd';

/** The one value a header dialog asks for; OK without it marks the select instead of saving. */
export function useRequiredChoice(save: (value: string) => void) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const choose = useCallback((value: string | undefined) => {
    setChosen(value);
    setInvalid(false);
  }, []);
  const submit = () => {
    if (!chosen) {
      setInvalid(true);
      return;
    }
    save(chosen);
  };
  return { chosen, invalid, choose, submit };
}

interface RequiredChoiceSelectProps {
  choice: ReturnType<typeof useRequiredChoice>;
  loading: boolean;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  className?: string;
}

/** The labelled select of a required choice, red while OK was pressed without one. */
export function RequiredChoiceSelect({ choice, loading, label, placeholder, options, className }: RequiredChoiceSelectProps) {
  const status = choice.invalid ? 'error' : undefined;
  return (
    <Spin spinning={loading}>
      <Form.Item label={label} validateStatus={status} style={{ marginBottom: 0 }}>
        <Select className={className} status={status} value={choice.chosen} placeholder={placeholder} options={options} onChange={(value: string) => choice.choose(value)} />
      </Form.Item>
    </Spin>
  );
}
