import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SampleStorySection } from './SampleStorySection';
import { sampleVideoEmbedUrl } from './sample-video';

// The real config reads import.meta.env, which only exists in the Vite build.
jest.mock('./sample-video-config', () => ({ SAMPLE_VIDEO_ID: 'test-video-1' }));

describe('SampleStorySection', () => {
  it('embeds nothing from the video host until the visitor presses play, then embeds the player with autoplay', async () => {
    const user = userEvent.setup();
    const { container } = render(<SampleStorySection />);

    expect(screen.getByRole('heading', { level: 2, name: 'See a Sample Story' })).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.innerHTML).not.toContain('youtube');

    await user.click(screen.getByRole('button', { name: 'Play the sample story' }));

    const player = container.querySelector('iframe');
    expect(player).not.toBeNull();
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/test-video-1?autoplay=1&rel=0');
    expect(player).toHaveAttribute('title', expect.stringContaining('Sample story'));
    expect(player).toHaveAttribute('allow', expect.stringContaining('autoplay'));
    expect(player).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Play the sample story' })).not.toBeInTheDocument();
  });

  it('builds the privacy-enhanced embed address, escaping the id', () => {
    expect(sampleVideoEmbedUrl('abc_DEF-123')).toBe('https://www.youtube-nocookie.com/embed/abc_DEF-123?autoplay=1&rel=0');
    expect(sampleVideoEmbedUrl('a/b?c')).toBe('https://www.youtube-nocookie.com/embed/a%2Fb%3Fc?autoplay=1&rel=0');
  });
});
