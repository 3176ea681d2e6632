import { useState, type FormEvent, type ReactNode } from 'react';
import { Check, Copy, MessageSquare, Sparkles } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { MessageTemplateDto } from '../../../modules/messaging/messaging.dto';
import { Button, type ButtonVariant } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { canSend, COPIED_MARK_MS, fallbackTemplates, sentDescription, templatePayload, type ContactTarget } from './contactSeller';
import { generateTemplates, useStartConversation } from './messaging.api';

interface ContactSellerDialogProps {
  target: ContactTarget;
  /** The button's text and icon; "Contact Seller" by default. */
  children?: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * Contact Seller (spec 000 §2): suggested templates on one side, loaded on first open (the first preselected and
 * filling the form; clicking one copies it into the form and to the clipboard), and the Compose Message form on the
 * other. A signed-out visitor is sent to sign in instead. The reverse page's Message Buyer uses it too.
 */
export function ContactSellerDialog({ target, children, variant = 'primary', className }: ContactSellerDialogProps) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [templates, setTemplates] = useState<MessageTemplateDto[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [copied, setCopied] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const start = useStartConversation();
  // Nobody writes to themselves: a seller viewing their own listing sees no Contact Seller.
  const own = user !== null && user.id === target.recipientId;

  const fill = (template: MessageTemplateDto, index: number) => {
    setSelected(index);
    setSubject(template.subject);
    setMessage(template.message);
  };

  const load = async () => {
    let loaded: MessageTemplateDto[];
    try {
      loaded = (await generateTemplates(templatePayload(target))).templates;
      if (!loaded.length) throw new Error('no templates');
    } catch {
      loaded = fallbackTemplates(target);
    }
    setTemplates(loaded);
    fill(loaded[0]!, 0);
  };

  const onOpenChange = (next: boolean) => {
    if (next && !user) {
      requireSignIn(`Please sign in to message ${target.recipientName}.`);
      return;
    }
    setOpen(next);
    if (next && templates === null) void load();
  };

  const copy = (template: MessageTemplateDto, index: number) => {
    fill(template, index);
    void navigator.clipboard?.writeText(`${template.subject}\n\n${template.message}`).catch(() => {});
    toast({ title: 'Template Copied', description: 'Template text copied to clipboard' });
    setCopied(index);
    setTimeout(() => setCopied((current) => (current === index ? null : current)), COPIED_MARK_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend(subject, message)) return;
    start.mutate(
      {
        participantIds: [target.recipientId],
        subject: subject.trim(),
        initialMessage: message.trim(),
        relatedItemId: target.itemId,
        relatedItemType: target.itemType,
      },
      {
        onSuccess: () => {
          toast({ title: 'Message Sent', description: sentDescription(target.recipientName) });
          setOpen(false);
          setSubject('');
          setMessage('');
          setSelected(null);
          setTemplates(null);
        },
        onError: (error) => toast({ title: 'Failed to Send Message', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  if (own) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant={variant} className={className}>
          {children ?? (
            <>
              <MessageSquare aria-hidden className="size-4" /> Contact Seller
            </>
          )}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Message {target.recipientName}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">About: {target.itemTitle}</Dialog.Description>
          <div className="grid gap-6 md:grid-cols-2">
            <section aria-labelledby="templates-heading" className="grid content-start gap-3">
              <h3 id="templates-heading" className="flex items-center gap-2 font-semibold">
                <Sparkles aria-hidden className="size-4 text-racing" /> Suggested Messages
              </h3>
              {templates === null ? (
                <p className="text-sm text-muted" role="status">
                  Writing suggestions...
                </p>
              ) : (
                <ul className="grid gap-2" aria-label="Message templates">
                  {templates.map((t, i) => (
                    <li key={`${t.category}-${i}`}>
                      <button
                        type="button"
                        onClick={() => copy(t, i)}
                        aria-pressed={selected === i}
                        className={cn(
                          'grid w-full gap-1 rounded-md border p-3 text-left text-sm hover:border-racing',
                          selected === i ? 'border-racing bg-racing/5' : 'border-line',
                        )}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-medium">{t.category}</span>
                          <span className="flex items-center gap-1 text-xs text-muted">
                            {t.tone}
                            {copied === i ? <Check aria-label="Copied" className="size-4 text-green-700" /> : <Copy aria-hidden className="size-4" />}
                          </span>
                        </span>
                        <span className="font-medium text-ink">{t.subject}</span>
                        <span className="line-clamp-3 whitespace-pre-line text-muted">{t.message}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <form onSubmit={onSubmit} className="grid content-start gap-3" noValidate>
              <h3 className="font-semibold">Compose Message</h3>
              <TextField label="Subject" name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} required />
              <TextAreaField label="Message" name="message" rows={8} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} required />
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" disabled={!canSend(subject, message) || start.isPending}>
                  {start.isPending ? 'Sending...' : 'Send Message'}
                </Button>
              </div>
            </form>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
