import { Component, type ReactNode } from 'react';

import { PaymentLoadNotice } from './PaymentLoadNotice';

/** Turns a payment form that fails to load or render (e.g. its code chunk) into the load notice. */
export class LoadFailureBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <PaymentLoadNotice detail={this.state.error.message} /> : this.props.children;
  }
}
