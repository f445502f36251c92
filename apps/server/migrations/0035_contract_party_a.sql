-- Issue 29, contracts tell the same story as the plan: 甲方 is the company's legal name (系统配置
-- companyLegalName, else the company's name), fixed when the contract is generated so a later change
-- of the setting never rewrites a signed contract. Contracts made before printed the store as 甲方;
-- they keep saying so.
alter table contract add column party_a text not null default '';
update contract c set party_a = s.name from store s where s.id = c.store_id;
