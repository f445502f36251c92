import { useEffect, useState } from 'react';
import { useAppStateStore } from '../lib/app-state';
import { collapseOpenKeys, expandOpenKeys } from './menu/menu-model';
import { AUTO_HIDE_HEADER_OFFSET } from './sizes';

/** Collapses or expands the sidebar, remembering the open submenus across the two (spec §2). */
export function setCollapsed(collapsed: boolean): void {
  const state = useAppStateStore.getState();
  if (state.collapsed === collapsed) return;
  state.patch({ collapsed, ...(collapsed ? collapseOpenKeys(state) : expandOpenKeys(state)) });
}

/** Whether a hiding header shows: hidden while scrolling down past the offset, back when scrolling up. */
export function nextHeaderVisible(previousTop: number, top: number): boolean {
  return top < previousTop || top <= AUTO_HIDE_HEADER_OFFSET;
}

export function useHeaderVisible(autoHide: boolean): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!autoHide) {
      setVisible(true);
      return;
    }
    let previousTop = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const top = window.scrollY;
        setVisible(nextHeaderVisible(previousTop, top));
        previousTop = top;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [autoHide]);
  return visible;
}

/** Spec §4 colour-weak mode: a CSS filter on the html element while the shell is shown. */
export function useColorWeak(enabled: boolean): void {
  useEffect(() => {
    const html = document.documentElement;
    html.style.filter = enabled ? 'invert(80%)' : '';
    return () => {
      html.style.filter = '';
    };
  }, [enabled]);
}
