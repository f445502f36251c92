import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { useLocation } from 'react-router';
import { isChunkLoadError } from './lazy-page';

export const PageLoadText = {
  failed: '页面加载失败',
  crashed: '页面出错了',
  retry: '重试',
} as const;

interface BoundaryState {
  error: unknown;
}

// The retry reloads the whole page: a failed lazy import is cached by the browser and by React.lazy.
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Plain markup, not antd Result: this boundary is on the sign-in route, which stays small.
    return (
      <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
        <div style={{ marginBottom: 24, fontSize: 24, lineHeight: 1.35, color: 'rgba(0, 0, 0, 0.88)' }}>
          {isChunkLoadError(error) ? PageLoadText.failed : PageLoadText.crashed}
        </div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {PageLoadText.retry}
        </Button>
      </div>
    );
  }
}

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
      <Spin size="large" />
    </div>
  );
}

/** Wraps one routed page: a spinner while its chunk loads, the retry screen when loading fails. */
export function PageBoundary({ children }: { children: ReactNode }) {
  // A new path starts with a fresh boundary, so one failed page does not stick to the next.
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Around all routes: the spinner while the sign-in page, the shell or an error page loads, the retry
 * screen when that fails. Not keyed by path (the shell must not remount on navigation): each page
 * has its own PageBoundary inside the shell.
 */
export function RouteChunkBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
