import { useEffect, useState } from 'react';
import { Inbox, MessageSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AccessGuard } from '../../components/AccessGuard';
import { PageContainer } from '../../components/PageContainer';
import { Photo } from '../../components/Photo';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { inboxTime } from './contactSeller';
import { useConversations } from './messaging.api';
import { Thread } from './Thread';

/** /messages: the conversation list on the left and the thread on the right; on a phone one, then the other. */
export function MessagesPage() {
  return (
    <AccessGuard>
      <Messages />
    </AccessGuard>
  );
}

function Messages() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const conversations = useConversations();
  const items = conversations.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });

  // On a wide screen, open the latest conversation when none is named.
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches);
  useEffect(() => {
    const media = window.matchMedia?.('(min-width: 768px)');
    if (!media) return;
    const onChange = () => setWide(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  useEffect(() => {
    if (wide && !selectedId && items[0]) setParams({ c: items[0].id }, { replace: true });
  }, [wide, selectedId, items, setParams]);

  return (
    <PageContainer title="Messages" className="py-4 md:py-8">
      <h1 className={cn('mb-4 text-2xl font-bold', selectedId && 'hidden md:block')}>Messages</h1>
      <div className="grid min-h-[60vh] overflow-hidden rounded-lg border border-line bg-surface md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-label="Conversations" className={cn('border-line md:border-r', selectedId && 'hidden md:block')}>
          {conversations.isPending ? (
            <div className="grid gap-3 p-4">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          ) : conversations.isError ? (
            <p role="alert" className="p-6 text-center text-racing">
              Failed to load conversations.
            </p>
          ) : items.length === 0 ? (
            <div className="grid justify-items-center gap-2 p-10 text-center text-muted">
              <Inbox aria-hidden className="size-10" />
              <p className="font-medium text-ink">No conversations yet</p>
              <p className="text-sm">Contact a seller from a part or an auction page, and your conversations will appear here.</p>
            </div>
          ) : (
            <ul className="divide-y divide-line">
              {items.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => select(c.id)}
                    aria-current={c.id === selectedId ? 'true' : undefined}
                    className={cn('flex w-full gap-3 p-3 text-left hover:bg-paper', c.id === selectedId && 'bg-paper')}
                  >
                    <span className="size-12 shrink-0 overflow-hidden rounded-md bg-paper">
                      <Photo src={c.relatedItem.imageUrl} alt="" missingLabel="" iconClassName="size-5" />
                    </span>
                    {/* One line each, cut with an ellipsis: min-w-0 lets the grid column and the flex rows shrink below a long preview. */}
                    <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
                      <span className="flex min-w-0 items-baseline justify-between gap-2">
                        <span className={cn('min-w-0 truncate', c.unreadCount > 0 ? 'font-bold' : 'font-medium')}>{c.counterpart.displayName}</span>
                        <span className="shrink-0 text-xs text-muted">{inboxTime(c.lastMessageAt)}</span>
                      </span>
                      <span className="min-w-0 truncate text-xs text-muted">{c.relatedItem.title}</span>
                      <span className="flex min-w-0 items-center justify-between gap-2">
                        <span data-testid="conversation-preview" className={cn('min-w-0 truncate text-sm', c.unreadCount > 0 ? 'text-ink' : 'text-muted')}>
                          {c.lastMessage?.preview ?? c.subject}
                        </span>
                        {c.unreadCount > 0 && (
                          <span className="shrink-0 rounded-full bg-racing px-2 text-xs font-bold text-white" aria-label={`${c.unreadCount} unread`}>
                            {c.unreadCount}
                          </span>
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Thread" className={cn('min-w-0', !selectedId && 'hidden md:block')}>
          {selected ? (
            <Thread conversation={selected} onBack={() => select(null)} />
          ) : selectedId && conversations.isSuccess ? (
            <p className="p-10 text-center text-muted">This conversation could not be found.</p>
          ) : (
            <div className="grid h-full place-items-center p-10 text-center text-muted">
              <div className="grid justify-items-center gap-2">
                <MessageSquare aria-hidden className="size-10" />
                <p>Select a conversation to read its messages.</p>
              </div>
            </div>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
