import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

import { useOrderFilter } from './use-order-filter';

function renderFilter(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ filter: useOrderFilter(), location: useLocation() }), { wrapper });
}

describe('useOrderFilter', () => {
  it('reads the status and the search from the URL', () => {
    const { result } = renderFilter('/admin/dashboard?status=Paid&q=%20mia%20');
    expect(result.current.filter[0]).toEqual({ status: 'Paid', search: 'mia' });
  });

  it('changes one half and keeps the other', () => {
    const { result } = renderFilter('/admin/dashboard?status=Paid');
    act(() => result.current.filter[1]({ search: 'mia' }));
    expect(result.current.location.search).toBe('?status=Paid&q=mia');
    act(() => result.current.filter[1]({ status: null }));
    expect(result.current.location.search).toBe('?q=mia');
    expect(result.current.filter[0]).toEqual({ status: null, search: 'mia' });
  });

  it('builds a second change on the first when it comes before the URL has rendered', () => {
    const { result } = renderFilter('/admin/dashboard');
    // The same render's change twice: a search sent with Enter, then a status picked at once.
    const change = result.current.filter[1];
    act(() => {
      change({ search: 'mia' });
      change({ status: 'Paid' });
    });
    expect(result.current.location.search).toBe('?status=Paid&q=mia');
  });

  it('takes the URL as it is once it has moved on, not a change asked for before', () => {
    const { result } = renderFilter('/admin/dashboard?q=mia');
    act(() => result.current.filter[1]({ status: 'Paid' }));
    act(() => result.current.filter[1]({ search: '' }));
    expect(result.current.location.search).toBe('?status=Paid');
  });
});
