import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page';

export function UnauthorizedPage() {
  return (
    <div
      lang="id"
      className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-28 pb-20 text-center"
    >
      <PageTitle title="Akses Ditolak" />
      <p className="text-6xl font-extrabold text-red-400" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-white sm:text-4xl">Akses Ditolak!!!</h1>
      <p className="mt-4 max-w-md text-lg text-slate-300">
        Anda tidak memiliki izin untuk mengakses halaman ini.
      </p>
      <Link to="/" className={buttonStyles('primary', 'mt-8 px-6 py-3')}>
        Kembali ke Beranda
      </Link>
    </div>
  );
}
