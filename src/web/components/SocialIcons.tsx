/** Social icons (spec: shown without links). Simple glyphs, since icon sets no longer ship brand marks. */
const ICONS = [
  {
    name: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z',
  },
  {
    name: 'Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17.3 5.7a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  },
  {
    name: 'YouTube',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
  {
    name: 'X',
    path: 'M4 4h4.6l3.9 5.4L17.2 4H20l-6.2 7.1L20.5 20h-4.6l-4.3-5.9L6.4 20H3.6l6.7-7.6z',
  },
] as const;

export function SocialIcons() {
  return (
    <ul className="flex gap-3" aria-label="Pitlane on social media">
      {ICONS.map((icon) => (
        <li key={icon.name}>
          <span
            role="img"
            aria-label={icon.name}
            className="grid size-9 place-items-center rounded-md bg-white/10 text-white/90"
          >
            <svg aria-hidden viewBox="0 0 24 24" className="size-4" fill="currentColor">
              <path d={icon.path} />
            </svg>
          </span>
        </li>
      ))}
    </ul>
  );
}
