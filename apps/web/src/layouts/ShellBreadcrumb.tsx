import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { Crumb } from './breadcrumb';

export function ShellBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumb
      className="shell-breadcrumb"
      items={crumbs.map((c, i) => ({ key: i, title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
    />
  );
}
