-- A counter bumped by every change to sys_permission, so servers can keep the permission table in
-- memory and re-read it only when it changed (on any instance, through any path, even plain SQL).
create table permission_catalog_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into permission_catalog_version (id, version) values (1, 0);

create function bump_permission_catalog_version() returns trigger
language plpgsql as $$
begin
  update permission_catalog_version set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger sys_permission_catalog_changed
after insert or update or delete or truncate on sys_permission
for each statement execute function bump_permission_catalog_version();
