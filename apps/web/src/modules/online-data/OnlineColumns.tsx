import type { ProColumns } from '@ant-design/pro-components';
import type { AnyResource, OnlineField, OnlineRow } from '@care/shared';
import { fieldColumn } from '../../components/crud/resource-fields';
import { DepartmentTreeSelect } from '../../components/org/DepartmentTreeSelect';
import { UserSelect } from '../../components/org/UserSelect';
import { widgetOf, type OnlineWidget } from './online-data-model';
import { OnlineCell } from './OnlineWidgets';

// Widgets whose cell the kit's kinds do not draw: dictionary codes as tags, images, files as links,
// rich text as its text, users and departments by name.
const OWN_CELLS = new Set<OnlineWidget>(['dictCheckbox', 'dictRadio', 'image', 'file', 'richtext', 'user', 'department']);

/**
 * A configured field's column beyond what its resource kind gives (ResourceTable's `columns`): its
 * cell, and for a searchable user or department the picker as its search input (the filter is an id).
 */
export function onlineColumn<R extends OnlineRow>(field: OnlineField): Partial<ProColumns<R>> | undefined {
  const widget = widgetOf(field);
  if (!OWN_CELLS.has(widget)) return undefined;
  const column: Partial<ProColumns<R>> = { render: (_, row) => <OnlineCell field={field} value={row[field.name]} row={row} />, ellipsis: widget === 'richtext' };
  if (widget === 'user') column.renderFormItem = () => <UserSelect />;
  if (widget === 'department') column.renderFormItem = () => <DepartmentTreeSelect />;
  return column;
}

/** The columns of a form's configured fields, as ResourceTable draws them: label, sorter, search input, cell. */
export function onlineFieldColumns<R extends OnlineRow>(fields: readonly OnlineField[], resource: AnyResource): ProColumns<R>[] {
  return fields.flatMap((field) => {
    const def = resource.fields[field.name];
    if (!def) return [];
    return [{ ...(fieldColumn(field.name, def) as ProColumns<R>), ...onlineColumn<R>(field) } as ProColumns<R>];
  });
}
