import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { KeepSearchRedirect, PrefixRedirect, UnifiedRedirect } from './routes/alias-routes';

/** A route component loaded on first visit, so `/` and `/login` carry only their own code. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LandingRoute = page(
  () => import('./routes/landing-route'),
  (m) => m.LandingRoute,
);
const LoginRoute = page(
  () => import('./routes/auth/login-route'),
  (m) => m.LoginRoute,
);
const ResetPasswordRoute = page(
  () => import('./routes/auth/reset-password-route'),
  (m) => m.ResetPasswordRoute,
);
const InterfaceSelectionRoute = page(
  () => import('./routes/interface-selection-route'),
  (m) => m.InterfaceSelectionRoute,
);
const NotFoundRoute = page(
  () => import('./routes/not-found-route'),
  (m) => m.NotFoundRoute,
);
const shell = () => import('./routes/app/shell-routes');
const WorkspaceShellRoute = page(shell, (m) => m.WorkspaceShellRoute);
const ClientShellRoute = page(shell, (m) => m.ClientShellRoute);
const AdminShellRoute = page(shell, (m) => m.AdminShellRoute);
const dashboard = () => import('./routes/app/dashboard-route');
const DashboardRoute = page(dashboard, (m) => m.DashboardRoute);
const DashboardInsightRoute = page(
  () => import('./routes/app/dashboard-insight-route'),
  (m) => m.DashboardInsightRoute,
);
const insightPages = () => import('./routes/app/dashboard-insight-pages-route');
const PersonalModelRoute = page(insightPages, (m) => m.PersonalModelRoute);
const PersonalityRoute = page(insightPages, (m) => m.PersonalityRoute);
const ChatPage = page(
  () => import('./routes/app/chat-route'),
  (m) => m.ChatPage,
);
const VoiceNotesPage = page(
  () => import('./routes/app/voice-notes-route'),
  (m) => m.VoiceNotesPage,
);
const EmailPage = page(
  () => import('./routes/app/email-route'),
  (m) => m.EmailPage,
);
const CallsPage = page(
  () => import('./routes/app/calls-route'),
  (m) => m.CallsPage,
);
const JournalPage = page(
  () => import('./routes/app/journal-route'),
  (m) => m.JournalPage,
);
const ProfilePage = page(
  () => import('./routes/app/profile-route'),
  (m) => m.ProfilePage,
);
const SettingsPage = page(
  () => import('./routes/app/settings-route'),
  (m) => m.SettingsPage,
);
const areas = () => import('./routes/app/area-home-routes');
const ClientHomeRoute = page(areas, (m) => m.ClientHomeRoute);
const adminConsole = () => import('./routes/app/admin-routes');
const AdminConsoleLayout = page(adminConsole, (m) => m.AdminConsoleLayout);
const AdminOverviewRoute = page(adminConsole, (m) => m.AdminOverviewRoute);
const AdminUsersRoute = page(adminConsole, (m) => m.AdminUsersRoute);
const AdminUserRoute = page(adminConsole, (m) => m.AdminUserRoute);
const AdminRelationshipsRoute = page(adminConsole, (m) => m.AdminRelationshipsRoute);
const AdminAuditRoute = page(adminConsole, (m) => m.AdminAuditRoute);
const AdminSystemRoute = page(adminConsole, (m) => m.AdminSystemRoute);
const AdminHealthRoute = page(adminConsole, (m) => m.AdminHealthRoute);
const AdminResearchRoute = page(adminConsole, (m) => m.AdminResearchRoute);
const ClientPersonRoute = page(areas, (m) => m.ClientPersonRoute);
const ClientRequestsRoute = page(areas, (m) => m.ClientRequestsRoute);
const ClientReportsRoute = page(areas, (m) => m.ClientReportsRoute);
const HelpLayoutRoute = page(
  () => import('./routes/help/help-layout-route'),
  (m) => m.HelpLayoutRoute,
);
const FaqRoute = page(
  () => import('./routes/help/faq-route'),
  (m) => m.FaqRoute,
);
const ShortcutsRoute = page(
  () => import('./routes/help/shortcuts-route'),
  (m) => m.ShortcutsRoute,
);
const ContactRoute = page(
  () => import('./routes/help/contact-route'),
  (m) => m.ContactRoute,
);

/**
 * A signed-in screen needs the shell and then its page, which the router fetches one after the
 * other (the page only once the session is known and the shell has drawn). Opened straight from
 * the address bar, the shell and (for the dashboard, where everyone lands) the page start loading
 * as soon as this module runs, beside the session request (decision 034).
 */
function warmFirstScreen(pathname: string): void {
  const ignore = () => {
    // A failed fetch is retried when the route renders; it reports the error then.
  };
  if (pathname === '/dashboard' || /^\/app(\/dashboard)?\/?$/.test(pathname)) {
    shell().catch(ignore);
    dashboard().catch(ignore);
  } else if (/^\/(app|client|admin)(\/|$)/.test(pathname)) shell().catch(ignore);
}
warmFirstScreen(window.location.pathname);

/** The same screen under several sub-paths, with the spec's default (SPEC §2). */
function section(path: string, defaultChild: string, children: string[], Screen: ComponentType) {
  return (
    <Route path={path}>
      <Route index element={<KeepSearchRedirect to={defaultChild} />} />
      {children.map((child) => (
        <Route key={child} path={child} element={<Screen />} />
      ))}
      <Route path="*" element={<Screen />} />
    </Route>
  );
}

/** The profile and settings aliases of /client and /admin (DESIGN §7), and the fallback. */
function areaAliases(area: 'client' | 'admin') {
  return (
    <>
      <Route path="profile/*" element={<PrefixRedirect to="/app" />} />
      <Route path="settings/*" element={<PrefixRedirect to="/app" />} />
      <Route path="*" element={<KeepSearchRedirect to={`/${area}`} />} />
    </>
  );
}

/** Every route of SPEC §2 and the aliases of DESIGN §7; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/auth" element={<LoginRoute />} />
        <Route path="/auth/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/interface-selection" element={<InterfaceSelectionRoute />} />
        <Route path="/app" element={<WorkspaceShellRoute />}>
          <Route index element={<KeepSearchRedirect to="/app/dashboard" />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="dashboard/insights/personal-model" element={<PersonalModelRoute />} />
          <Route path="dashboard/insights/personality" element={<PersonalityRoute />} />
          <Route path="dashboard/insights/:kind" element={<DashboardInsightRoute />} />
          {section('chat', '/app/chat/new', ['new', ':threadId'], ChatPage)}
          {section(
            'voice-notes',
            '/app/voice-notes/inbox',
            ['inbox', 'sent', 'recorder'],
            VoiceNotesPage,
          )}
          {section(
            'email',
            '/app/email/inbox',
            ['inbox', 'sent', 'drafts', 'archive', 'trash', 'compose'],
            EmailPage,
          )}
          {section(
            'calls',
            '/app/calls/history',
            ['history', 'new/audio', 'new/video', 'room/:callId'],
            CallsPage,
          )}
          {section(
            'journal',
            '/app/journal/text/new',
            ['text/new', 'text/:entryId', 'voice/new', 'voice/:entryId', 'calendar'],
            JournalPage,
          )}
          {section(
            'profile',
            '/app/profile/personal-info',
            ['personal-info', 'preferences', 'security'],
            ProfilePage,
          )}
          {section(
            'settings',
            '/app/settings/alerts',
            ['roles', 'alerts', 'exports', 'compliance'],
            SettingsPage,
          )}
          <Route path="help" element={<HelpLayoutRoute />}>
            <Route index element={<KeepSearchRedirect to="/app/help/faq" />} />
            <Route path="faq" element={<FaqRoute />} />
            <Route path="keyboard-shortcuts" element={<ShortcutsRoute />} />
            <Route path="contact-support" element={<ContactRoute />} />
            <Route path="*" element={<KeepSearchRedirect to="/app/help/faq" />} />
          </Route>
          <Route path="*" element={<KeepSearchRedirect to="/app/dashboard" />} />
        </Route>
        <Route path="/client" element={<ClientShellRoute />}>
          <Route index element={<ClientHomeRoute />} />
          <Route path="dashboard" element={<ClientHomeRoute />} />
          <Route path="people/:userId" element={<ClientPersonRoute />} />
          <Route path="requests" element={<ClientRequestsRoute />} />
          <Route path="reports" element={<ClientReportsRoute />} />
          {areaAliases('client')}
        </Route>
        <Route path="/admin" element={<AdminShellRoute />}>
          <Route element={<AdminConsoleLayout />}>
            <Route index element={<AdminOverviewRoute />} />
            <Route path="dashboard" element={<AdminOverviewRoute />} />
            <Route path="users" element={<AdminUsersRoute />} />
            <Route path="users/:userId" element={<AdminUserRoute />} />
            <Route path="relationships" element={<AdminRelationshipsRoute />} />
            <Route path="audit" element={<AdminAuditRoute />} />
            <Route path="system" element={<AdminSystemRoute />} />
            <Route path="health" element={<AdminHealthRoute />} />
            <Route path="research" element={<AdminResearchRoute />} />
          </Route>
          {areaAliases('admin')}
        </Route>
        <Route path="/dashboard" element={<KeepSearchRedirect to="/app/dashboard" />} />
        <Route path="/unified/:target/*" element={<UnifiedRedirect />} />
        <Route path="/user/*" element={<PrefixRedirect to="/app" />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
