import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SampleStorySection } from './SampleStorySection';

// Vite turns the import into the file's hashed address.
jest.mock('../../assets/sample-story.mp4', () => ({ __esModule: true, default: '/assets/sample-story-abc123.mp4' }));

describe('SampleStorySection', () => {
  it('loads no video until the visitor presses play, then plays the shop’s own from the start', async () => {
    const user = userEvent.setup();
    const { container } = render(<SampleStorySection />);

    expect(screen.getByRole('heading', { level: 2, name: 'See a Sample Story' })).toBeInTheDocument();
    expect(container.querySelector('video, iframe')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play the sample story' }));

    const player = container.querySelector('video');
    expect(player).not.toBeNull();
    expect(player).toHaveAttribute('src', '/assets/sample-story-abc123.mp4');
    expect(player).toHaveAttribute('aria-label', 'Sample story video: Mia and the Lighthouse');
    expect(player).toHaveAccessibleDescription(/A silent video that turns the pages of “Mia and the Lighthouse”/);
    expect(player).toHaveAttribute('controls');
    expect(player?.autoplay).toBe(true);
    expect(player?.muted).toBe(true);
    expect(player).toHaveFocus();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play the sample story' })).not.toBeInTheDocument();
  });
});
