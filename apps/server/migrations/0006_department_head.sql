-- 部门负责人: one head per department, a user of the department's company (checked by the service).
alter table department add column head_user_id uuid references app_user (id) on delete set null;
create index department_head_idx on department (head_user_id) where head_user_id is not null;
