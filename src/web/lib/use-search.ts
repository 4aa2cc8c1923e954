import { useEffect, useState } from 'react';

/** A search asks the server once typing pauses this long, not at every key. */
const SEARCH_PAUSE_MS = 300;

/** A search box's text as typed, and the trimmed terms to search for once typing has paused. */
export function useSearch() {
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return { search, setSearch, searched };
}
