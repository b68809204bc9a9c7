// The UI kit: the controls every page draws with, on Radix where behaviour matters (focus, keys, roles).
export { Button, buttonClass, type ButtonSize, type ButtonVariant } from './button';
export { Field, Input, Select, Textarea } from './field';
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
export { SellerBadge } from './seller-badge';
export { Photo, PHOTO_SLOTS } from './photo';
