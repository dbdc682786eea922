import { ErrorPage } from './ErrorPage';

/** 403: tells the user to contact the system administrator (SPEC section 2). */
export default function ForbiddenScreen() {
  return <ErrorPage code="403" messageKey="errors.forbidden" />;
}
