import { useEffect, useLayoutEffect, useRef } from 'react';
import { readRuntimeConfig } from '../runtime-config';
import { useServices } from '../useServices';
import { PushClient, type PushHandlers } from './push-client';

/** Keeps the live-push socket open while the calling component is mounted (the signed-in shell). */
export function usePushClient(handlers: PushHandlers): void {
  const { request, storage } = useServices();
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const runtimeConfig = readRuntimeConfig();
    if (!runtimeConfig) return;
    const client = new PushClient(
      { request, storage, runtimeConfig, location: window.location },
      {
        onFrame: (frame) => latest.current.onFrame(frame),
        onOpen: (reconnected) => latest.current.onOpen(reconnected),
        onClose: () => latest.current.onClose(),
      },
    );
    client.start();
    return () => client.stop();
  }, [request, storage]);
}
