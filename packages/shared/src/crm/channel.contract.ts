import { Permission } from '../permissions.js';
import { crudContracts } from '../resource/index.js';
import { channelResource } from './channel.schema.js';

/** 合作渠道 of the session company. */
export const channelContract = crudContracts(
  channelResource,
  'channel',
  { list: Permission.channelList, add: Permission.channelAdd, edit: Permission.channelEdit, status: Permission.channelStatus },
  { options: true },
);
