import { useRecordContext, type RaRecord } from 'react-admin';
import { recordTitle } from './recordTitle';

/** A record page's title: the kind of record, then what names this one once it has loaded ("Order "Brake caliper""). */
export function RecordTitle<T extends RaRecord | Omit<RaRecord, 'id'>>({ name, of }: { name: string; of: (record: T) => string }) {
  const record = useRecordContext<T>();
  return <span>{recordTitle(name, record ? of(record) : undefined)}</span>;
}
