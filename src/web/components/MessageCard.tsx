import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './Card';
import { PageContainer } from './PageContainer';

interface MessageCardProps {
  /** Shown above the title in the brand colour. */
  icon?: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** Buttons or links under the message; the card has no actions row without them. */
  children?: ReactNode;
  /** Classes of the actions row, e.g. a flex layout for several buttons. */
  actionsClassName?: string;
}

/** A page that is only a message: a narrow card with an optional icon, a title, a line of text and actions. */
export function MessageCard({ icon: Icon, title, description, children, actionsClassName }: MessageCardProps) {
  return (
    <PageContainer narrow title={typeof title === 'string' ? title : undefined}>
      <Card>
        <CardHeader>
          {Icon && <Icon aria-hidden className="size-8 text-racing" />}
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children && <CardContent className={actionsClassName}>{children}</CardContent>}
      </Card>
    </PageContainer>
  );
}
