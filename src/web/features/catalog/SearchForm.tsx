import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { cn } from '../../lib/cn';
import { useCategories, useMakes } from './catalog.api';
import { FilterSelect, slugOptions } from './FilterSelect';
import { ALL, searchUrl, YEAR_FROM_OPTIONS, YEAR_TO_OPTIONS, type SearchFilters } from './searchFilters';

interface SearchFormProps {
  initial?: SearchFilters;
  className?: string;
}

/**
 * The reusable part search (spec 000 §2 "Home"): free text, Category, Make, Year From and Year To.
 * The text is trimmed and left out when empty; a select left at "all" is left out.
 */
export function SearchForm({ initial = {}, className }: SearchFormProps) {
  const navigate = useNavigate();
  const categories = useCategories();
  const makes = useMakes();
  const [q, setQ] = useState(initial.q ?? '');
  const [category, setCategory] = useState(initial.category ?? ALL);
  const [make, setMake] = useState(initial.make ?? ALL);
  const [yearFrom, setYearFrom] = useState(initial.yearFrom ?? ALL);
  const [yearTo, setYearTo] = useState(initial.yearTo ?? ALL);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(searchUrl({ q, category, make, yearFrom, yearTo }));
  }

  return (
    <form role="search" aria-label="Search parts" onSubmit={submit} className={cn('grid gap-3', className)}>
      <label htmlFor="part-search-text" className="sr-only">
        Search for parts
      </label>
      <input
        id="part-search-text"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search for parts, make, model, or year..."
        className={cn(inputClass, 'h-12')}
      />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <FilterSelect label="Category" value={category} onChange={setCategory} options={slugOptions('All Categories', categories.data)} />
        <FilterSelect label="Make" value={make} onChange={setMake} options={slugOptions('All Makes', makes.data)} />
        <FilterSelect label="Year From" value={yearFrom} onChange={setYearFrom} options={YEAR_FROM_OPTIONS} />
        <FilterSelect label="Year To" value={yearTo} onChange={setYearTo} options={YEAR_TO_OPTIONS} />
      </div>
      <Button type="submit" size="lg" className="w-full md:w-auto md:justify-self-start">
        <Search aria-hidden className="size-4" /> Search Parts
      </Button>
    </form>
  );
}
