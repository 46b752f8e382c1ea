import { Navigate, Outlet, type RouteObject } from 'react-router';
import { DocumentTitle, type PageHandle } from './document-title';
import { OrganizationRoute, RootLayout, type RouteHandle } from './guard';
import { lazyPage } from './lazy-page';
import { RootRedirect } from './root-redirect';
import { RouteErrorPage } from './route-error-page';
import { useSession } from './session';

// Every page is its own chunk (stack.md: one chunk for everything is too big), and so is the
// signed-in shell: its dialog stack, edit dialog and schema form stay out of the login route.
const loadMainLayout = () => import('./shell/main-layout');
const MainLayout = lazyPage(loadMainLayout, (m) => m.MainLayout);

/** Starts loading the signed-in shell early, e.g. while a stored session is being checked. */
export function preloadMainLayout(): void {
  // A failure here is not the user's concern: rendering the shell loads it again and reports.
  loadMainLayout().catch(() => undefined);
}

const LoginPage = lazyPage(
  () => import('../features/account/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/account/register-page'),
  (m) => m.RegisterPage,
);
const ConfirmPage = lazyPage(
  () => import('../features/account/confirm-page'),
  (m) => m.ConfirmPage,
);
const UnlockPage = lazyPage(
  () => import('../features/account/unlock-page'),
  (m) => m.UnlockPage,
);
const ChangePasswordPage = lazyPage(
  () => import('../features/account/change-password-page'),
  (m) => m.ChangePasswordPage,
);
const ProfilePage = lazyPage(
  () => import('../features/account/profile-page'),
  (m) => m.ProfilePage,
);
const AddOrganizationPage = lazyPage(
  () => import('../features/account/add-organization-page'),
  (m) => m.AddOrganizationPage,
);
const InvitationPage = lazyPage(
  () => import('../features/account/invitation-page'),
  (m) => m.InvitationPage,
);
const HomePage = lazyPage(
  () => import('../features/home/home-page'),
  (m) => m.HomePage,
);
const WorkLayout = lazyPage(
  () => import('../features/work/work-layout'),
  (m) => m.WorkLayout,
);
const WorkIndexPage = lazyPage(
  () => import('../features/work/work-index-page'),
  (m) => m.WorkIndexPage,
);
const DocEditPage = lazyPage(
  () => import('../features/work/doc-edit-page'),
  (m) => m.DocEditPage,
);
const DocPreviewPage = lazyPage(
  () => import('../features/work/doc-preview-page'),
  (m) => m.DocPreviewPage,
);

const NotificationsPage = lazyPage(
  () => import('../features/notifications/notifications-page'),
  (m) => m.NotificationsPage,
);

const PlaygroundPage = lazyPage(
  () => import('../features/playground/playground-page'),
  (m) => m.PlaygroundPage,
);
const PaymentsPage = lazyPage(
  () => import('../features/payments/payments-page'),
  (m) => m.PaymentsPage,
);
const IntakePage = lazyPage(
  () => import('../features/intake/intake-page'),
  (m) => m.IntakePage,
);
const ReportsPage = lazyPage(
  () => import('../features/reports/reports-page'),
  (m) => m.ReportsPage,
);
const CodeListsPage = lazyPage(
  () => import('../features/code-lists/code-lists-page'),
  (m) => m.CodeListsPage,
);

/** The signed-in shell for a user; a visitor's page brings its own layout. */
function ShellWhenSignedIn() {
  const { status } = useSession();
  return status === 'signedIn' ? <MainLayout /> : <Outlet />;
}

const anonymous: RouteHandle = { access: 'anonymous' };

/** A page's handle: its name in the tab title (issue 24), and who may open it. */
const page = (name: string, access: RouteHandle = {}): PageHandle => ({
  ...access,
  titleId: `language.title.${name}`,
});
const any: RouteHandle = { access: 'any' };

/** The route table of spec §2 (history mode; pages need a signed-in user unless marked). */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <DocumentTitle />
        <RootLayout />
      </>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RootRedirect />, handle: any },
      { path: '/account/login', element: <LoginPage />, handle: page('login', anonymous) },
      { path: '/account/newuser', element: <RegisterPage />, handle: page('register', anonymous) },
      {
        path: '/account/confirm/:code',
        element: <ConfirmPage />,
        handle: page('confirm', anonymous),
      },
      { path: '/account/unlock', element: <UnlockPage />, handle: page('unlock', anonymous) },
      { path: '/playground', element: <PlaygroundPage />, handle: page('playground', anonymous) },
      {
        path: '/playground/:section',
        element: <PlaygroundPage />,
        handle: page('playground', anonymous),
      },
      // spec §2: the preview window, in an empty layout (no toolbar), for signed-in users.
      {
        path: '/docpreview',
        element: <DocPreviewPage />,
        errorElement: <RouteErrorPage />,
        handle: page('docPreview'),
      },
      {
        // Issue 24: an invitation link opens signed out too, to sign in or register from it.
        path: '/account/invitation/:code',
        element: <ShellWhenSignedIn />,
        errorElement: <RouteErrorPage />,
        children: [{ index: true, element: <InvitationPage />, handle: page('invitation', any) }],
      },
      {
        element: <MainLayout />,
        children: [
          {
            // Errors of a page show under the toolbar, which keeps working.
            errorElement: <RouteErrorPage />,
            children: [
              {
                path: '/account/changepwd',
                element: <ChangePasswordPage />,
                handle: page('changePassword'),
              },
              { path: '/account/profile', element: <ProfilePage />, handle: page('profile') },
              {
                path: '/account/addorg',
                element: <AddOrganizationPage />,
                handle: page('addOrganization'),
              },
              {
                path: '/notifications',
                element: <NotificationsPage />,
                handle: page('notifications'),
              },
              {
                path: '/o/:organizationId',
                element: <OrganizationRoute />,
                children: [
                  { index: true, element: <HomePage />, handle: page('home') },
                  { path: 'home', element: <HomePage />, handle: page('home') },
                  {
                    path: 'work',
                    element: <WorkLayout />,
                    children: [
                      { index: true, element: <Navigate to="index" replace /> },
                      { path: 'index', element: <WorkIndexPage />, handle: page('documents') },
                      // spec §2 docEdit; one route with an optional id, so that a new
                      // document's editor stays mounted while it moves to its key.
                      {
                        path: 'edit/:itemId?',
                        element: <DocEditPage />,
                        id: 'docEdit',
                        handle: page('document'),
                      },
                    ],
                  },
                  { path: 'cl', element: <CodeListsPage />, handle: page('codeLists') },
                  { path: 'cl/:cl', element: <CodeListsPage />, handle: page('codeLists') },
                  // issue 8: payment orders, and packages under payments/packages.
                  { path: 'payments', element: <PaymentsPage />, handle: page('payments') },
                  { path: 'payments/:view', element: <PaymentsPage />, handle: page('payments') },
                  // issue 25: the log of incoming mail; ?result= and ?search= filter it.
                  { path: 'intake', element: <IntakePage />, handle: page('intake') },
                  // issue 27: payables aging (the default) and cash needed; the query holds
                  // the filters, so a link reproduces the view.
                  { path: 'reports/:view?', element: <ReportsPage />, handle: page('reports') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace />, handle: any },
    ],
  },
];
