import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, signedInHandlers, stubApi } from '../../../test/fake-api.ts';
import { SEARCH_DEBOUNCE_MS, useMessageSearch } from '../hooks/use-message-search.ts';
import { matchedSnippets } from '../lib/search-highlight.ts';
import { MessageText } from './MessageText.tsx';
import { SearchBox } from './SearchBox.tsx';

function Harness() {
  const [searched, setSearched] = useState('');
  const search = useMessageSearch({ searched, onSearch: setSearched });
  return (
    <>
      <SearchBox search={search} />
      <output>{search.matches ? `${search.matches.size} found` : 'not searched'}</output>
      <output aria-label="Filtered by">{searched}</output>
      <button type="button" onClick={() => setSearched('請求書')}>
        Choose a view
      </button>
    </>
  );
}

const renderHarness = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );

const searchRoute = (words: string) => `GET /api/search?${new URLSearchParams({ q: words })}`;
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100)));

afterEach(() => vi.unstubAllGlobals());

describe('SearchBox', () => {
  it('searches once typing pauses, never in the middle of an input method composition', async () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      [searchRoute('請求書')]: () =>
        json(200, { matches: [{ id: 'chatwork:1', highlights: [] }], truncated: false }),
    });
    renderHarness();
    const box = screen.getByRole('textbox', { name: 'Search messages' });
    fireEvent.compositionStart(box);
    fireEvent.input(box, { target: { value: 'せいきゅうしょ' } });
    await pause();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/search'))).toEqual([]);
    fireEvent.input(box, { target: { value: '請求書' } });
    fireEvent.compositionEnd(box);
    expect(await screen.findByText('1 found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/search'))).toHaveLength(1);
  });

  it('gets the messages ready once when the box first gets focus', () => {
    const fetchMock = stubApi({
      ...signedInHandlers,
      'POST /api/search/prepare': () => new Response(null, { status: 204 }),
    });
    renderHarness();
    const box = screen.getByRole('textbox', { name: 'Search messages' });
    box.focus();
    box.blur();
    box.focus();
    const prepares = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/search/prepare'));
    expect(prepares).toHaveLength(1);
  });

  it('lets Escape leave the box with its words kept', () => {
    renderHarness();
    const box = screen.getByRole('textbox', { name: 'Search messages' });
    box.focus();
    fireEvent.input(box, { target: { value: 'invoice' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).not.toHaveFocus();
    expect(box).toHaveValue('invoice');
  });

  it("searches the list's words: typing sets them once it pauses, a view's words fill the box", async () => {
    stubApi({
      ...signedInHandlers,
      [searchRoute('invoice')]: () => json(200, { matches: [], truncated: false }),
      [searchRoute('請求書')]: () => json(200, { matches: [], truncated: false }),
    });
    renderHarness();
    const box = screen.getByRole('textbox', { name: 'Search messages' });
    fireEvent.input(box, { target: { value: ' invoice ' } });
    await pause();
    expect(screen.getByLabelText('Filtered by')).toHaveTextContent('invoice');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a view' }));
    expect(box).toHaveValue('請求書');
  });
});

describe('search highlights in the card text', () => {
  it('marks the matched words where the text shows them, half-width katakana included', () => {
    const text = '[To:1001]Aiko Tanakaさん\nﾐｰﾃｨﾝｸﾞの請求書です';
    const plain = 'Aiko Tanakaさん\nﾐｰﾃｨﾝｸﾞの請求書です';
    const marks = matchedSnippets(plain, {
      id: 'chatwork:1',
      highlights: [
        { start: 14, end: 21 },
        { start: 22, end: 25 },
      ],
    });
    const { container } = render(<MessageText platform="chatwork" text={text} marks={marks} />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'ﾐｰﾃｨﾝｸﾞ',
      '請求書',
    ]);
    expect(container).toHaveTextContent('ﾐｰﾃｨﾝｸﾞの請求書です');
  });

  it('marks nothing when nothing is searched', () => {
    const { container } = render(<MessageText platform="slack" text="請求書を送りました" />);
    expect(container.querySelector('mark')).toBeNull();
  });
});
