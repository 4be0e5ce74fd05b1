import { Icon, type IconProps } from '@/components/ui/icon-base';

/** A speech bubble: the header's chatbot shortcut (SPEC.md section 2). */
export const ChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 5.5h15a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Z" />
    <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
  </Icon>
);
