import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { channelContract, channelResource } from '@care/shared';
import { ResourceForm } from './ResourceForm';
import { resourceDialog, type ResourceDialogProps } from './ResourceTable';

const dialog = (row: ResourceDialogProps['row'] = null): ResourceDialogProps => ({ row, open: true, onClose: () => undefined, onSaved: () => undefined });

describe('resourceDialog', () => {
  it('is the kit’s ResourceForm on the resource and its add/edit contracts by default', () => {
    const node = resourceDialog({ resource: channelResource, contracts: channelContract, form: { hide: ['remark'] } }, dialog());
    expect(isValidElement(node)).toBe(true);
    const element = node as ReactElement<Record<string, unknown>>;
    expect(element.type).toBe(ResourceForm);
    expect(element.props).toMatchObject({ resource: channelResource, add: channelContract.add, edit: channelContract.edit, hide: ['remark'], open: true, row: null });
  });

  it('is the module’s own dialog when it renders one, told the row, open, onClose and onSaved', () => {
    const renderForm = vi.fn(() => 'own dialog');
    const told = dialog({ id: 'r1', version: 2, name: '甲' });
    expect(resourceDialog({ resource: channelResource, contracts: channelContract, renderForm }, told)).toBe('own dialog');
    expect(renderForm).toHaveBeenCalledWith(told);
  });
});
