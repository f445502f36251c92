import { ChannelPermission } from './channel.permissions.js';
import { crudContracts } from '../resource/index.js';
import { channelResource } from './channel.schema.js';

/** 合作渠道 of the session company. */
export const channelContract = crudContracts(
  channelResource,
  'channel',
  { list: ChannelPermission.channelList, add: ChannelPermission.channelAdd, edit: ChannelPermission.channelEdit, status: ChannelPermission.channelStatus },
  { options: true },
);
