import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
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
    return (
      <Result
        status={isChunkLoadError(error) ? 'warning' : 'error'}
        title={isChunkLoadError(error) ? PageLoadText.failed : PageLoadText.crashed}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {PageLoadText.retry}
          </Button>
        }
      />
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
