import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_META_NAME, DEMO_NOTICE } from '@nexusplay/contract/page-data';
import { DemoBanner } from './demo-banner';

afterEach(() => document.head.querySelector(`meta[name="${DEMO_META_NAME}"]`)?.remove());

describe('DemoBanner', () => {
  it('shows the notice the server wrote into the page', () => {
    const meta = document.createElement('meta');
    meta.name = DEMO_META_NAME;
    meta.content = DEMO_NOTICE;
    document.head.append(meta);
    render(<DemoBanner />);
    expect(screen.getByRole('note')).toHaveTextContent(/^Demo chain and prices$/);
  });

  it('shows nothing on a real site', () => {
    const { container } = render(<DemoBanner />);
    expect(container).toBeEmptyDOMElement();
  });
});
