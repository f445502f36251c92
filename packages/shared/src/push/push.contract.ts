import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { livePushPayloadSchema } from '../message/message.schema.js';

/** The server's WebSocket for live push (ARCHITECTURE.md). */
export const PUSH_WS_PATH = '/online/ws';
/** A ticket is good for one connection within this many seconds of being issued. */
export const PUSH_TICKET_TTL_SECONDS = 30;
/** The browser reconnects this long after losing the socket (spec §9 broker reconnect 2 s). */
export const PUSH_RECONNECT_MS = 2000;

/**
 * The three subscriptions of spec §4 (the whole site, the user's company, the user's partyId), as
 * routing keys of the push bus. Informative: the server binds the socket to them from the session.
 */
export const pushTopicsSchema = z.object({
  site: z.string(),
  company: z.string(),
  user: z.string(),
});
export type PushTopics = z.infer<typeof pushTopicsSchema>;

/** What the browser needs to open the live-push socket (spec §7 registerMqWeb). */
export const pushConnectInfoSchema = z.object({
  /** Single use, short-lived; goes in the socket URL's query (never the session token). */
  ticket: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number().int(),
  /** Path of the WebSocket on this server. */
  wsPath: z.string(),
  topics: pushTopicsSchema,
});
export type PushConnectInfo = z.infer<typeof pushConnectInfoSchema>;

export const pushContract = {
  registerMqWeb: defineContract({
    method: 'POST',
    path: '/online/api/registerMqWeb',
    access: 'authenticated',
    result: pushConnectInfoSchema,
  }),
};

/** Query of the socket URL: the ticket, signed like every other request (appId, nonce, siteId, sign). */
export const pushSocketQuerySchema = z.object({ ticket: z.string().min(1).max(512) });

/**
 * What the server sends on the socket, one JSON text frame each: a pushed notice or message (spec §3
 * Live push message), or `resync` when pushes may have been lost (the server's bus reconnected) and
 * the browser should fetch what it missed.
 */
export const pushFrameSchema = z.discriminatedUnion('type', [
  livePushPayloadSchema.extend({ type: z.literal('notice') }),
  livePushPayloadSchema.extend({ type: z.literal('message') }),
  z.object({ type: z.literal('resync') }),
]);
export type PushFrame = z.infer<typeof pushFrameSchema>;

/** Close codes of the socket the browser acts on. */
export const PushCloseCode = {
  /** The session ended (sign-out, expiry, disabled user): reconnecting needs a new sign-in. */
  sessionEnded: 4401,
  /** Too many sockets for one session. */
  tooMany: 4429,
} as const;
