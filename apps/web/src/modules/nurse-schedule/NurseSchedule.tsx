import { Empty } from 'antd';

/** 月嫂档期 (/serve/nurseSchedule): the team view and each nurse's month. */
export function NurseSchedule() {
  return <Empty />;
}
