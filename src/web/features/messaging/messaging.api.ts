import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ConversationDto,
  ConversationInput,
  MessageDto,
  MessageLiveDto,
  MessageTemplatesDto,
  UnreadCountDto,
} from '../../../modules/messaging/messaging.dto';
import type { MessageInput, ReportInput, TemplateRequestInput } from '../../../modules/messaging/messaging.inputs';
import { apiRequest, buildQueryUrl, fetchListPage } from '../../lib/api';

export const CONVERSATIONS_PATH = '/api/conversations';
export const CONVERSATIONS_KEY = [CONVERSATIONS_PATH] as const;
export const UNREAD_COUNT_KEY = ['/api/messages/unread-count'] as const;
export const threadKey = (id: string) => [`${CONVERSATIONS_PATH}/${id}/messages`] as const;
/** Messages a thread loads at a time (older ones on "Load earlier messages"). */
export const THREAD_PAGE = 50;

/** GET /api/conversations: the caller's inbox, latest activity first. */
export function useConversations(enabled = true) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, { limit: 100 }],
    queryFn: ({ signal }) => fetchListPage<ConversationDto>(buildQueryUrl([CONVERSATIONS_PATH, { limit: 100 }]), signal),
    enabled,
  });
}

/** GET /api/conversations/{id}/messages: the latest page of a thread, oldest first. */
export function useThread(id: string | null) {
  return useQuery({
    queryKey: threadKey(id ?? ''),
    queryFn: ({ signal }) => fetchListPage<MessageDto>(buildQueryUrl([threadKey(id!)[0], { limit: THREAD_PAGE }]), signal),
    enabled: id !== null,
  });
}

/** Earlier messages of a thread, before the message `before`. */
export function fetchEarlier(id: string, before: string) {
  return fetchListPage<MessageDto>(buildQueryUrl([threadKey(id)[0], { limit: THREAD_PAGE, before }]));
}

/** GET /api/messages/unread-count (the header's badge), only while signed in. */
export function useUnreadCount(enabled: boolean) {
  return useQuery<UnreadCountDto>({ queryKey: UNREAD_COUNT_KEY, queryFn: ({ signal }) => apiRequest(UNREAD_COUNT_KEY[0], { signal }), enabled });
}

/** POST /api/messaging/generate-templates (spec 000 §7's payload). */
export function generateTemplates(payload: TemplateRequestInput): Promise<MessageTemplatesDto> {
  return apiRequest<MessageTemplatesDto>('/api/messaging/generate-templates', { method: 'POST', data: payload });
}

/** POST /api/conversations; the inbox and the badge refresh after. */
export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationInput) => apiRequest<ConversationDto>(CONVERSATIONS_PATH, { method: 'POST', data: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

/** POST /api/conversations/{conversationId}/messages */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiRequest<MessageDto>(`${CONVERSATIONS_PATH}/${conversationId}/messages`, { method: 'POST', data: { content } satisfies MessageInput }),
    onSuccess: (message) => {
      addMessage(client, message);
      void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

/** PUT /api/conversations/{id}/read: the badge and the inbox follow at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ conversationId: string; unreadCount: number }>(`${CONVERSATIONS_PATH}/${id}/read`, { method: 'PUT' }),
    onSuccess: ({ unreadCount }) => {
      client.setQueryData<UnreadCountDto>(UNREAD_COUNT_KEY, { count: unreadCount });
      void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

/** Block (or unblock) the other participant; report the conversation with a reason. */
export function useSafetyActions(id: string) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  return {
    block: useMutation({
      mutationFn: (blocked: boolean) => apiRequest<ConversationDto>(`${CONVERSATIONS_PATH}/${id}/block`, { method: blocked ? 'POST' : 'DELETE' }),
      onSuccess: refresh,
    }),
    report: useMutation({
      mutationFn: (reason: string) => apiRequest(`${CONVERSATIONS_PATH}/${id}/report`, { method: 'POST', data: { reason } satisfies ReportInput }),
    }),
  };
}

/** Adds a message to its thread's cached page, once (a live push and the sender's own answer may both bring it). */
export function addMessage(client: QueryClient, message: MessageDto): void {
  client.setQueryData<{ items: MessageDto[]; total: number; headers: Headers }>(threadKey(message.conversationId), (page) =>
    page && !page.items.some((m) => m.id === message.id) ? { ...page, items: [...page.items, message], total: page.total + 1 } : page,
  );
}

/** Applies a live message of the user's own channel to the caches: thread, inbox, badge. */
export function applyLive(client: QueryClient, live: MessageLiveDto): void {
  client.setQueryData<UnreadCountDto>(UNREAD_COUNT_KEY, { count: live.unreadCount });
  if (live.message) addMessage(client, live.message);
  void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}
