import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBlog } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BlogCard } from './blog-card';

describe('BlogCard', () => {
  it('links to the post and shows its date, title, picture and summary', () => {
    renderWithProviders(
      <BlogCard blog={makeBlog(4, { title: 'Patch notes', image: '/uploads/abc.webp' })} />,
    );
    expect(screen.getByRole('link', { name: 'Patch notes' })).toHaveAttribute('href', '/blogs/4');
    expect(screen.getByText('March 5, 2025')).toHaveAttribute('datetime', '2025-03-05');
    expect(screen.getByText('Summary of post 4.')).toBeInTheDocument();
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/abc.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('stands in for a missing title, date and picture', () => {
    renderWithProviders(<BlogCard blog={makeBlog(5, { title: '  ', date: '', image: null })} />);
    expect(screen.getByRole('link', { name: 'Untitled Blog' })).toHaveAttribute('href', '/blogs/5');
    expect(screen.getByText('Unknown Date')).not.toHaveAttribute('datetime');
    expect(document.querySelector('img')).toBeNull();
  });

  it('says Unknown Date for a date it cannot read', () => {
    renderWithProviders(<BlogCard blog={makeBlog(6, { date: 'someday' })} />);
    expect(screen.getByText('Unknown Date')).toBeInTheDocument();
  });

  it('keeps only the summary tags of the description', () => {
    renderWithProviders(
      <BlogCard
        blog={makeBlog(7, {
          description:
            '<h1>Big</h1><p><strong>Bold</strong> <a href="javascript:alert(1)" onclick="x()">bad</a> <img src=x onerror=alert(1)></p>',
        })}
      />,
    );
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.queryByRole('heading', { name: 'Big' })).not.toBeInTheDocument();
    const bad = screen.getByText('bad');
    expect(bad).not.toHaveAttribute('href');
    expect(bad).not.toHaveAttribute('onclick');
    expect(document.querySelector('img')).toBeNull();
  });
});
