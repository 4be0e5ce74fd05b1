import { OfficeNotFound } from '@/components/provider/office-not-found';

/** 404 of an unknown or malformed provider id (SPEC.md section 8's message). */
export default function ProviderNotFound() {
  return <OfficeNotFound kind="provider" />;
}
