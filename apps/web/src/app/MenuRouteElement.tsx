import { Navigate } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';
import { IframePageView } from './IframePageView';
import type { MenuRoute } from './menu-routes';
import { PageBoundary } from './PageBoundary';
import { lazyPage } from './page-registry';

/** What a menu route renders inside the shell. */
export function MenuRouteElement({ route }: { route: MenuRoute }) {
  switch (route.kind) {
    case 'redirect':
      return <Navigate to={route.to} replace />;
    case 'iframe':
      return <IframePageView key={route.path} url={route.url} title={route.title} />;
    case 'placeholder':
      return <PlaceholderPage title={route.title} />;
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
