import { Component, type ErrorInfo, type ReactNode } from 'react';

import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** The current path: moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering and shows the error page in its place. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string | null }> {
  override state = { error: null as unknown, key: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string | null }) {
    // A new page starts without the last one's error.
    if (state.key !== props.resetKey) return { error: state.key === null ? state.error : null, key: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
