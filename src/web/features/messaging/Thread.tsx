import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AlertTriangle, ArrowLeft, Ban, Flag } from 'lucide-react';
import { Link } from 'react-router';
import type { ConversationDto, MessageDto } from '../../../modules/messaging/messaging.dto';
import { Button } from '../../components/Button';
import { Photo } from '../../components/Photo';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime, formatUsd } from '../../lib/format';
import { useAuth } from '../accounts/useAuth';
import { OFF_PLATFORM_WARNING } from './contactSeller';
import { FitmentQuestionNote } from './FitmentQuestionNote';
import { fetchEarlier, useMarkRead, useSafetyActions, useSendMessage, useThread } from './messaging.api';

const ITEM_PATHS = { part: '/parts', auction: '/auctions', reverse_auction: '/reverse-auctions' } as const;
const AVAILABILITY: Record<string, string> = {
  available: 'Available',
  sold: 'Sold',
  in_auction: 'In an auction',
  unavailable: 'No longer available',
};

/**
 * One conversation: the item's card, the messages (oldest first, earlier ones on demand; a fitment question's with
 * the seller's answer, or the seller's answer form) and the composer.
 */
export function Thread({ conversation: c, onBack }: { conversation: ConversationDto; onBack: () => void }) {
  const { user } = useAuth();
  const thread = useThread(c.id);
  const markRead = useMarkRead();
  const [earlier, setEarlier] = useState<MessageDto[]>([]);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const latest = thread.data?.items ?? [];
  const messages = [...earlier, ...latest];
  const hasEarlier = (thread.data?.total ?? 0) > messages.length;

  useEffect(() => {
    setEarlier([]);
  }, [c.id]);
  // Opening a thread, or a message arriving in the open one, marks it read.
  useEffect(() => {
    if (c.unreadCount > 0 && !markRead.isPending) markRead.mutate(c.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c.id, c.unreadCount, latest.length]);
  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [c.id, latest.length]);

  const loadEarlier = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchEarlier(c.id, first.id);
      setEarlier((current) => [...page.items, ...current]);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setLoadingEarlier(false);
    }
  };

  const blocked = c.blockedByMe || c.blockedMe;
  return (
    <div className="flex h-full min-h-[60vh] flex-col">
      <header className="flex items-center gap-3 border-b border-line p-3">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
          <ArrowLeft aria-hidden className="size-5" />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">
            {c.counterpart.storefrontSlug ? (
              <Link to={`/storefront/${c.counterpart.storefrontSlug}`} className="hover:underline">
                {c.counterpart.displayName}
              </Link>
            ) : (
              c.counterpart.displayName
            )}
          </h2>
          <p className="truncate text-sm text-muted">{c.subject}</p>
        </div>
        <SafetyActions conversation={c} />
      </header>
      <Link to={`${ITEM_PATHS[c.relatedItem.type]}/${c.relatedItem.id}`} className="flex items-center gap-3 border-b border-line bg-paper p-3 hover:bg-paper/70">
        <span className="size-14 shrink-0 overflow-hidden rounded-md bg-surface">
          <Photo src={c.relatedItem.imageUrl} alt="" missingLabel="" iconClassName="size-5" />
        </span>
        <span className="grid min-w-0 gap-0.5 text-sm">
          <span className="truncate font-medium">{c.relatedItem.title}</span>
          <span className="text-muted">
            {c.relatedItem.price ? `${formatUsd(c.relatedItem.price)} · ` : ''}
            {AVAILABILITY[c.relatedItem.availability] ?? c.relatedItem.availability}
          </span>
        </span>
      </Link>
      <div className="flex-1 overflow-y-auto p-4" aria-live="polite">
        {hasEarlier && (
          <div className="mb-3 text-center">
            <Button variant="outline" size="sm" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
              {loadingEarlier ? 'Loading...' : 'Load earlier messages'}
            </Button>
          </div>
        )}
        {thread.isPending ? (
          <p className="text-center text-muted" role="status">
            Loading messages...
          </p>
        ) : thread.isError ? (
          <p role="alert" className="text-center text-racing">
            Failed to load messages.
          </p>
        ) : messages.length === 0 ? (
          <p className="text-center text-muted">No messages yet. Say hello!</p>
        ) : (
          <ol className="grid gap-3" aria-label="Messages">
            {messages.map((m) => {
              const mine = m.senderId === user?.id;
              return (
                <li key={m.id} className={cn('grid max-w-[85%] gap-1', mine ? 'justify-self-end' : 'justify-self-start')}>
                  <div className={cn('rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words', mine ? 'bg-racing text-white' : 'bg-paper text-ink')}>
                    {m.content}
                  </div>
                  {m.fitmentQuestionId && <FitmentQuestionNote message={m} conversation={c} />}
                  {!mine && m.warnings.length > 0 && (
                    <p role="note" className="flex items-start gap-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
                      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" /> {OFF_PLATFORM_WARNING}
                    </p>
                  )}
                  <span className={cn('text-xs text-muted', mine && 'text-right')}>{formatDateTime(m.createdAt)}</span>
                </li>
              );
            })}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {blocked ? (
        <p className="border-t border-line p-4 text-center text-sm text-muted">
          {c.blockedByMe ? `You blocked ${c.counterpart.displayName}. Unblock them to send messages.` : 'You can no longer send messages in this conversation.'}
        </p>
      ) : (
        <Composer conversationId={c.id} />
      )}
    </div>
  );
}

/** The reply box: Enter sends, Shift+Enter adds a line; blank text is not sent. */
function Composer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(content, {
      onSuccess: () => setText(''),
      onError: (error) => toast({ title: 'Failed to Send Message', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="reply" className="sr-only">
        Message
      </label>
      <textarea
        id="reply"
        rows={2}
        maxLength={5000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Write a message... (Enter sends, Shift+Enter adds a line)"
        className="min-h-10 flex-1 resize-y rounded-md border border-line bg-surface px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-racing"
      />
      <Button type="submit" disabled={!text.trim() || send.isPending}>
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

/** Block (or unblock) the other participant, and report the conversation with a reason. */
function SafetyActions({ conversation: c }: { conversation: ConversationDto }) {
  const { block, report } = useSafetyActions(c.id);
  const onBlock = () => {
    const blocking = !c.blockedByMe;
    if (blocking && !window.confirm(`Block ${c.counterpart.displayName}? Neither of you will be able to send messages.`)) return;
    block.mutate(blocking, {
      onSuccess: () => toast({ title: blocking ? 'User Blocked' : 'User Unblocked', description: c.counterpart.displayName }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  const onReport = () => {
    const reason = window.prompt('Why are you reporting this conversation?')?.trim();
    if (!reason) return;
    report.mutate(reason, {
      onSuccess: () => toast({ title: 'Conversation Reported', description: 'Thank you. Our team will review it.' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="sm" onClick={onBlock} disabled={block.isPending}>
        <Ban aria-hidden className="size-4" /> {c.blockedByMe ? 'Unblock' : 'Block'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onReport} disabled={report.isPending}>
        <Flag aria-hidden className="size-4" /> Report
      </Button>
    </div>
  );
}
