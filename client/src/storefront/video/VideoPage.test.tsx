import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { VideoPage } from './VideoPage';
import { formatExpiry } from './video-messages';
import { VIDEO_DELIVERY_QUERY } from './video-operations';

const TOKEN = 'tok_abc123';

const deliveryMock = (videoDelivery: Record<string, unknown> | null, delay?: number): MockLink.MockedResponse => ({
  request: { query: VIDEO_DELIVERY_QUERY, variables: { token: TOKEN } },
  result: { data: { videoDelivery: videoDelivery && { __typename: 'VideoDelivery', ...videoDelivery } } },
  delay,
});

const delivery = (overrides: Record<string, unknown> = {}) => ({
  childName: 'Mia',
  expiresAt: '2025-04-04T14:07:00.000Z',
  watchUrl: 'https://shop.test/media/videos/v.mp4?sig=watch',
  downloadUrl: 'https://shop.test/media/videos/v.mp4?sig=download&dl=1',
  contentType: 'video/mp4',
  pdfUrl: null,
  ...overrides,
});

function renderVideoPage(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[`/video/${TOKEN}`]}>
        <Routes>
          <Route path="/video/:token" element={<VideoPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('VideoPage', () => {
  it('shows the story, a player, a download link and until when the link works', async () => {
    renderVideoPage([deliveryMock(delivery(), 20)]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your video…');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Mia's story is ready");
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video?.querySelector('source')).toHaveAttribute('src', 'https://shop.test/media/videos/v.mp4?sig=watch');
    expect(video?.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    const download = screen.getByRole('link', { name: 'Download video' });
    expect(download).toHaveAttribute('href', 'https://shop.test/media/videos/v.mp4?sig=download&dl=1');
    expect(download).toHaveAttribute('download');
    // "April 4, 2025 at 2:07 PM" in the parent's own time zone, however the test machine is set.
    expect(screen.getByText(/^This link works until/)).toHaveTextContent(
      `This link works until ${formatExpiry('2025-04-04T14:07:00.000Z')}`,
    );
    expect(formatExpiry('2025-04-04T14:07:00.000Z')).toMatch(/^April [45], 2025 at \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('offers the storybook PDF to download beside the video, when there is one', async () => {
    renderVideoPage([deliveryMock(delivery({ pdfUrl: 'https://shop.test/media/books/b.pdf?sig=pdf&download=1' }))]);
    const pdf = await screen.findByRole('link', { name: 'Download the storybook (PDF)' });
    expect(pdf).toHaveAttribute('href', 'https://shop.test/media/books/b.pdf?sig=pdf&download=1');
    expect(pdf).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download video' })).toBeInTheDocument();
    expect(screen.getByText(/download the storybook to read and print/)).toBeInTheDocument();
  });

  it('has no PDF link for a book delivered without one', async () => {
    renderVideoPage([deliveryMock(delivery())]);
    await screen.findByRole('link', { name: 'Download video' });
    expect(screen.queryByRole('link', { name: /storybook \(PDF\)/ })).not.toBeInTheDocument();
  });

  it('says the link is invalid or has expired, and how to get a new one', async () => {
    renderVideoPage([deliveryMock(null)]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'hello@storybookshop.com' })).toHaveAttribute(
      'href',
      'mailto:hello@storybookshop.com',
    );
    expect(document.querySelector('video')).toBeNull();
  });

  it('offers to try again when the video cannot be loaded', async () => {
    const user = userEvent.setup();
    renderVideoPage([
      { request: { query: VIDEO_DELIVERY_QUERY, variables: { token: TOKEN } }, error: new Error('Failed to fetch') },
      deliveryMock(delivery()),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your video just now.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Mia's story is ready");
  });

  it('shows a child name with markup as text', async () => {
    renderVideoPage([deliveryMock(delivery({ childName: '<img src=x onerror=alert(1)>' }))]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("<img src=x onerror=alert(1)>'s story is ready");
    expect(document.querySelector('img')).toBeNull();
  });
});
