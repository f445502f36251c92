import { monthlyNurseContract, type MonthlyNurse, type Store } from '@care/shared';
import { resultOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';

let seq = 0;

/** A store of the company (through the API). */
export async function addStore(t: TestApp, admin: string, code: string): Promise<Store> {
  return resultOf(t.post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] }, { token: admin }));
}

/** A nurse added through the API with valid values; `o` overrides any of them. */
export async function addNurse(t: TestApp, admin: string, storeId: string, o: Record<string, unknown> = {}): Promise<MonthlyNurse> {
  seq += 1;
  return resultOf(
    t.post<MonthlyNurse>(
      monthlyNurseContract.add.path,
      {
        name: `测试月嫂${seq}`,
        phone: `1390000${String(seq).padStart(4, '0')}`,
        level: 'middle',
        practiceType: 'confinement_nurse',
        serviceType: 'center',
        employment: 'employee',
        price26Days: '12800',
        skills: ['newborn_care'],
        storeId,
        ...o,
      },
      { token: admin },
    ),
  );
}
