import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
// A type only: `ws` comes with @fastify/websocket.
import type WebSocket from 'ws';
import type { DisplayFrame, DisplayScreen } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import * as repo from './display-link.repo.js';

/** The close code of a socket whose link ended (revoked or expired): the screen shows 链接无效或已过期. */
export const DISPLAY_CLOSE_INVALID = 4403;

interface Screen {
  socket: WebSocket;
  linkId: string;
  alive: boolean;
}

interface Group {
  companyId: string;
  screen: DisplayScreen;
  screens: Set<Screen>;
  /** Hash of the figures last seen (undefined until the first check). */
  stamp?: string;
}

export interface DisplayHubOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** The screen's figures (the same function the data route answers with). */
  figures: (companyId: string, screen: DisplayScreen) => Promise<unknown>;
  /** How often the open screens' figures and links are checked. */
  checkMs?: number;
  /** Sockets one link may hold open. */
  maxPerLink?: number;
}

/** Volatile fields that change on every computation and say nothing about the figures. */
function stampOf(figures: unknown): string {
  const { updatedAt: _updatedAt, ...rest } = figures as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

/**
 * The open big screens of this instance and their live refresh. Every `checkMs` (3 s) the hub, for each
 * (company, screen) that has a screen open here and only then, recomputes that screen's figures once
 * (report facts: a few indexed rows) and compares their hash with the last: when it changed, each
 * of those screens gets `{"type":"refresh"}` and fetches its data again. In the same pass one query
 * re-checks the links of every open socket: a revoked or expired one gets `{"type":"invalid"}` and is
 * closed (4403). Sockets that miss a ping (30 s) are dropped. The socket carries nothing else, and the
 * browser sends nothing (1 KB frame limit).
 */
export class DisplayHub {
  private readonly groups = new Map<string, Group>();
  private timer: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private running = false;
  private readonly checkMs: number;
  private readonly maxPerLink: number;

  constructor(private readonly options: DisplayHubOptions) {
    this.checkMs = options.checkMs ?? 3000;
    this.maxPerLink = options.maxPerLink ?? 10;
  }

  get size(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.screens.size;
    return n;
  }

  async add(socket: WebSocket, link: { id: string; company_id: string; screen: number }): Promise<void> {
    const screen = link.screen as DisplayScreen;
    const key = `${link.company_id}|${screen}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { companyId: link.company_id, screen, screens: new Set() };
      this.groups.set(key, group);
    }
    const mine = [...group.screens].filter((s) => s.linkId === link.id);
    // One link, a few screens: the oldest gives way.
    if (mine.length >= this.maxPerLink) mine[0]!.socket.close(1008, 'too many screens');
    const entry: Screen = { socket, linkId: link.id, alive: true };
    group.screens.add(entry);
    socket.on('pong', () => (entry.alive = true));
    socket.on('close', () => {
      group.screens.delete(entry);
      if (group.screens.size === 0 && this.groups.get(key) === group) this.groups.delete(key);
      if (this.groups.size === 0) this.stop();
    });
    // The stamp the next change is measured against (the screen fetches again once its socket is open).
    if (group.stamp === undefined) group.stamp = await this.stampOf(group).catch(() => undefined);
    // Closed meanwhile: nothing to watch.
    if (this.groups.size > 0) this.start();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.checkMs);
    this.timer.unref();
    this.pinger = setInterval(() => this.ping(), 30_000);
    this.pinger.unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    clearInterval(this.pinger);
    this.timer = undefined;
    this.pinger = undefined;
  }

  private async stampOf(group: Group): Promise<string> {
    return stampOf(await this.options.figures(group.companyId, group.screen));
  }

  /** One pass: links still live, then each group's figures. Never two passes at once. */
  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const groups = [...this.groups.values()];
      const ids = [...new Set(groups.flatMap((g) => [...g.screens].map((s) => s.linkId)))];
      const live = await repo.liveIds(this.options.db, ids);
      for (const g of groups) {
        for (const s of g.screens) {
          if (!live.has(s.linkId)) {
            this.send(s, { type: 'invalid' });
            s.socket.close(DISPLAY_CLOSE_INVALID, 'link ended');
            g.screens.delete(s);
          }
        }
        if (g.screens.size === 0) continue;
        const stamp = await this.stampOf(g);
        if (g.stamp !== undefined && stamp !== g.stamp) for (const s of g.screens) this.send(s, { type: 'refresh' });
        g.stamp = stamp;
      }
    } catch (err) {
      this.options.log.warn({ err }, 'display screens check failed');
    } finally {
      this.running = false;
    }
  }

  private send(s: Screen, frame: DisplayFrame): void {
    if (s.socket.readyState === s.socket.OPEN) s.socket.send(JSON.stringify(frame));
  }

  private ping(): void {
    for (const g of this.groups.values()) {
      for (const s of g.screens) {
        if (!s.alive) {
          s.socket.terminate();
          continue;
        }
        s.alive = false;
        s.socket.ping();
      }
    }
  }

  close(): void {
    this.stop();
    for (const g of this.groups.values()) for (const s of g.screens) s.socket.close(1001, 'server stopping');
    this.groups.clear();
  }
}
