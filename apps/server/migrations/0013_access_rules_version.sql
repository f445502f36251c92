-- A counter bumped by every change to a table that data rules are loaded from (the rules, the
-- permissions they hang on, groups, memberships, departments for #{sys_org_code}, stores for
-- #{sys_store_ids}). The per-request session check reads it, so servers can keep a user's loaded
-- rules in memory and reload them as soon as any of these changed, on any instance, through any path.
create table access_rules_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into access_rules_version (id, version) values (1, 0);

create function bump_access_rules_version() returns trigger
language plpgsql as $$
begin
  update access_rules_version set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger data_rule_access_changed after insert or update or delete or truncate on data_rule
for each statement execute function bump_access_rules_version();
create trigger sys_permission_access_changed after insert or update or delete or truncate on sys_permission
for each statement execute function bump_access_rules_version();
create trigger security_group_access_changed after insert or update or delete or truncate on security_group
for each statement execute function bump_access_rules_version();
create trigger security_group_permission_access_changed after insert or update or delete or truncate on security_group_permission
for each statement execute function bump_access_rules_version();
create trigger user_security_group_access_changed after insert or update or delete or truncate on user_security_group
for each statement execute function bump_access_rules_version();
create trigger department_access_changed after insert or update or delete or truncate on department
for each statement execute function bump_access_rules_version();
create trigger store_access_changed after insert or update or delete or truncate on store
for each statement execute function bump_access_rules_version();
create trigger user_store_access_changed after insert or update or delete or truncate on user_store
for each statement execute function bump_access_rules_version();
