import { ErrorPage } from './ErrorPage';

export default function NotFoundScreen() {
  return <ErrorPage code="404" messageKey="errors.notFound" />;
}
