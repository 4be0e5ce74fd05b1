import { Avatar } from '@/components/ui/avatar';
import { shellUserPlace, type ShellUser } from './shell-user';

/** Avatar, name, email and "city, state, country" at the top of the account menus. */
export function UserCard({ user }: { user: ShellUser }) {
  const place = shellUserPlace(user);
  return (
    <span className="flex items-center gap-3">
      <Avatar name={user} src={user.profileImage} size={48} />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{user.name}</span>
        <span className="block truncate text-sm text-slate-700">{user.email}</span>
        {place ? <span className="block truncate text-sm text-slate-700">{place}</span> : null}
      </span>
    </span>
  );
}
