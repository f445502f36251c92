import { lazy } from 'react';
import { Navigate } from 'react-router';
import { importWithTimeout } from './lazy-page';
import type { MenuRoute } from './menu-routes';
import { PageBoundary } from './PageBoundary';
import { lazyPage } from './page-registry';

// Rare kinds load on first use: their antd Result would otherwise sit in the start-up bundle.
const PlaceholderPage = lazy(() => importWithTimeout(() => import('./PlaceholderPage')).then((m) => ({ default: m.PlaceholderPage })));
const IframePageView = lazy(() => importWithTimeout(() => import('./IframePageView')).then((m) => ({ default: m.IframePageView })));

/** What a menu route renders inside the shell. */
export function MenuRouteElement({ route }: { route: MenuRoute }) {
  switch (route.kind) {
    case 'redirect':
      return <Navigate to={route.to} replace />;
    case 'iframe':
      return (
        <PageBoundary>
          <IframePageView key={route.path} url={route.url} title={route.title} />
        </PageBoundary>
      );
    case 'placeholder':
      return (
        <PageBoundary>
          <PlaceholderPage title={route.title} />
        </PageBoundary>
      );
    case 'page': {
      const Page = lazyPage(route.componentKey);
      return (
        <PageBoundary>
          <Page />
        </PageBoundary>
      );
    }
  }
}
