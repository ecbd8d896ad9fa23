"""What veil changes or inspects on the user's own machine: the CA in trust stores
(``trust``), the login service (``service``) and the setup check (``doctor``)."""
