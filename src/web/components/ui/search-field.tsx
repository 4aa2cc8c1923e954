import { Search } from 'lucide-react';
import { useId } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../shared/rules/paging';
import { Input } from './input';

interface SearchFieldProps {
  /** Its visible label, e.g. 'Search your records'. */
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
}

/** A paged list's search box, in its card's header: a visible label above a search input with its icon. */
export function SearchField({ label, value, onChange, placeholder }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:w-72">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          className="pl-9"
        />
      </div>
    </div>
  );
}
