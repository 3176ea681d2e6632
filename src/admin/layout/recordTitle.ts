/** "{name} {detail}", or "{name} " while the record is still loading (react-admin shows the title before the record). */
export const recordTitle = (name: string, detail: string | undefined) => `${name} ${detail ?? ''}`;
