import { SearchX } from 'lucide-react';
import { ButtonLink } from '../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/Card';
import { PageContainer } from '../components/PageContainer';
import { SearchBox } from '../components/SearchBox';

/** Any path the router does not know (the server answers it with status 404): a way on by search or by link. */
export function NotFoundPage() {
  return (
    <PageContainer narrow title="Page Not Found">
      <Card>
        <CardHeader>
          <SearchX aria-hidden className="size-8 text-racing" />
          <CardTitle>404 Page Not Found</CardTitle>
          <CardDescription>
            We couldn't find that page. It may have been moved or taken down, or the address may be mistyped. Try a search for the
            part you're after:
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SearchBox landmarkLabel="Find a part" />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/">Back to Home</ButtonLink>
            <ButtonLink to="/search" variant="outline">
              Browse Parts
            </ButtonLink>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
